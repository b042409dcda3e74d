import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import { ForgotPasswordPage } from '../features/forgot-password/components/ForgotPasswordPage';
import { LoginPage } from '../features/login/components/LoginPage';
import { RegisterPage } from '../features/register/components/RegisterPage';
import { ResetPasswordPage } from '../features/reset-password/components/ResetPasswordPage';
import { VerifyEmailPage } from '../features/verify-email/components/VerifyEmailPage';

/**
 * auth/* — the shell mounts this on `auth/*`; the paths below are relative to it:
 * login, register, forgot, verify/:token, reset/:token (anything else → login).
 */
export default function AuthRoutes() {
  return (
    <div data-remote-name={__REMOTE_NAME__} data-remote-version={__REMOTE_VERSION__}>
      <Routes>
        <Route element={<AuthLayout />}>
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="forgot" element={<ForgotPasswordPage />} />
          <Route path="verify/:token" element={<VerifyEmailPage />} />
          <Route path="reset/:token" element={<ResetPasswordPage />} />
          <Route path="*" element={<Navigate to="/auth/login" replace />} />
        </Route>
      </Routes>
    </div>
  );
}
