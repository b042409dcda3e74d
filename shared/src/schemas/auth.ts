/**
 * Account payloads (spec §3, §5, §7). One definition, two users: the API validates request
 * bodies with these schemas and the auth remote's forms show the same messages field by field.
 * Messages are the spec's Spanish strings verbatim; the order of checks inside each field is
 * the order the spec lists them, so "first issue for a field" is the message a form shows.
 */
import './zod-csp';
import { z } from 'zod';
import { authMessages } from '../messages/auth';
import { emailSchema } from './email';

export const MIN_PASSWORD_LENGTH = 6;
/** Upper bound so a huge password cannot make the memory-hard hash a denial of service. */
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_FULL_NAME_LENGTH = 100;

/** A string field whose absence and emptiness both give the "required" message. */
const required = (message: string) => z.string({ error: message }).min(1, message);

/** Register/reset password rules (spec §5 Register), checked in the spec's order. */
export const newPasswordSchema = required(authMessages.REGISTER_PASSWORD_REQUIRED)
  .min(MIN_PASSWORD_LENGTH, authMessages.REGISTER_PASSWORD_MIN)
  .regex(/[A-Z]/, authMessages.REGISTER_PASSWORD_UPPERCASE)
  .regex(/[a-z]/, authMessages.REGISTER_PASSWORD_LOWERCASE)
  .regex(/[0-9]/, authMessages.REGISTER_PASSWORD_DIGIT)
  .max(MAX_PASSWORD_LENGTH, authMessages.REGISTER_PASSWORD_TOO_LONG);

export const loginSchema = z.object({
  email: emailSchema(authMessages.LOGIN_EMAIL_REQUIRED, authMessages.LOGIN_EMAIL_INVALID),
  password: required(authMessages.LOGIN_PASSWORD_REQUIRED)
    .min(MIN_PASSWORD_LENGTH, authMessages.LOGIN_PASSWORD_MIN)
    .max(MAX_PASSWORD_LENGTH, authMessages.REGISTER_PASSWORD_TOO_LONG),
});
export type LoginPayload = z.infer<typeof loginSchema>;

/** What POST /auth/register accepts (repeatedPassword never leaves the browser). */
export const registerSchema = z.object({
  fullName: z
    .string({ error: authMessages.REGISTER_FULLNAME_REQUIRED })
    .trim()
    .min(1, authMessages.REGISTER_FULLNAME_REQUIRED)
    .max(MAX_FULL_NAME_LENGTH, authMessages.NAME_TOO_LONG),
  email: emailSchema(authMessages.REGISTER_EMAIL_REQUIRED, authMessages.REGISTER_EMAIL_INVALID),
  password: newPasswordSchema,
});
export type RegisterPayload = z.infer<typeof registerSchema>;

/** Only the field pair needs both values, so the match check runs even when other fields fail. */
const repeatedMatches = <T extends { password: string; repeatedPassword: string }>(schema: z.ZodType<T>) =>
  schema.refine((v) => v.repeatedPassword === '' || v.password === v.repeatedPassword, {
    path: ['repeatedPassword'],
    message: authMessages.REGISTER_REPEAT_MISMATCH,
    when: (payload) => {
      const v = payload.value as Partial<T> | undefined;
      return typeof v?.password === 'string' && typeof v?.repeatedPassword === 'string';
    },
  });

/** The register form: the payload plus repeatedPassword. */
export const registerFormSchema = repeatedMatches(registerSchema.extend({ repeatedPassword: required(authMessages.REGISTER_REPEAT_REQUIRED) }));
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const forgotPasswordSchema = z.object({
  email: emailSchema(authMessages.FORGOT_EMAIL_REQUIRED, authMessages.LOGIN_EMAIL_INVALID),
});
export type ForgotPasswordPayload = z.infer<typeof forgotPasswordSchema>;

/** E-mailed tokens are 32 random bytes in base64url (43 characters). */
export const tokenSchema = z.string({ error: authMessages.LINK_INVALID }).regex(/^[A-Za-z0-9_-]{20,128}$/, authMessages.LINK_INVALID);

export const verifyEmailSchema = z.object({ token: tokenSchema });
export type VerifyEmailPayload = z.infer<typeof verifyEmailSchema>;

export const resetPasswordSchema = z.object({ token: tokenSchema, password: newPasswordSchema });
export type ResetPasswordPayload = z.infer<typeof resetPasswordSchema>;

/** The reset form (token comes from the URL). */
export const resetPasswordFormSchema = repeatedMatches(
  z.object({
    password: newPasswordSchema,
    repeatedPassword: required(authMessages.REGISTER_REPEAT_REQUIRED),
  }),
);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** The user as every auth answer carries it (a DTO: no hash, no timestamps). */
export const authUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  isVerified: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** POST /auth/login and POST /auth/register. */
export const authResponseSchema = z.object({ token: z.string(), user: authUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** GET /auth/check-status. */
export const checkStatusResponseSchema = z.object({
  isVerified: z.boolean(),
  token: z.string(),
  user: authUserSchema,
});
export type CheckStatusResponse = z.infer<typeof checkStatusResponseSchema>;

/** Correos and token endpoints answer with a Spanish message. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** What a form needs of a schema (lets a remote use these schemas without importing zod). */
export interface FormSchema<T> {
  safeParse(values: unknown): z.ZodSafeParseResult<T>;
}

/**
 * The first message per field, as forms display them. Field-level issues only: a form shows
 * each message under the field it belongs to.
 */
export function fieldErrors<T extends string>(schema: FormSchema<unknown>, values: Record<T, unknown>): Partial<Record<T, string>> {
  const result = schema.safeParse(values);
  const errors: Partial<Record<T, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as T | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
