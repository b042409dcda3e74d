/**
 * What a production start (NODE_ENV=production) refuses, one Spanish line per problem. A shop
 * that takes payments must not run on a secret written in the source, e-mail links built from
 * a request's Host header, or development doors (local mailbox, remote overrides).
 */
export function productionProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const secret = env.JWT_SECRET ?? '';
  if (!secret) problems.push('JWT_SECRET no está definido: genera uno con `openssl rand -base64 48`.');
  else if (secret.length < 32) problems.push('JWT_SECRET es demasiado corto: usa al menos 32 caracteres aleatorios.');
  const publicUrl = env.PUBLIC_URL ?? '';
  if (!publicUrl) problems.push('PUBLIC_URL no está definido: los enlaces de los correos necesitan el origen de la tienda (https://…).');
  else if (!/^https:\/\/[^/\s]+\/?$/i.test(publicUrl)) problems.push(`PUBLIC_URL debe ser un origen https:// sin ruta (es '${publicUrl}').`);
  if (env.DEV_MAILBOX === '1') problems.push('DEV_MAILBOX=1 publica los enlaces de los correos en /dev/correos: quítalo en producción.');
  if (env.ALLOW_REMOTE_OVERRIDES === '1') {
    problems.push('ALLOW_REMOTE_OVERRIDES=1 deja cargar código de otros orígenes en la tienda: quítalo en producción.');
  }
  return problems;
}

/** The message a refused start prints (then the process exits with status 1). */
export function productionRefusal(problems: string[]): string {
  return ['No se inicia en modo producción (NODE_ENV=production):', ...problems.map((p) => `  - ${p}`)].join('\n');
}
