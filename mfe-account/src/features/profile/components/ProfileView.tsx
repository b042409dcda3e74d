import { useId } from 'react';
import { messages } from '@taquilla/shared';
import { serverMessageOr } from '@taquilla/shared/server-message';
import { cuentaMessages } from '@taquilla/shared/messages/cuenta';
import { LoadError, Loading } from '../../../components/RequestStatus';
import { useRetry } from '../../../lib/use-retry';
import { useMiPerfil } from '../api/use-mi-perfil';

/** Mi perfil: full name and e-mail as fields filled with the current values (read only). */
export function ProfileView() {
  const [attempt, retry] = useRetry();
  const perfil = useMiPerfil(attempt);
  const nameId = useId();
  const emailId = useId();
  return (
    <section className="account__page" aria-labelledby="account-title">
      <h1 id="account-title">Mi perfil</h1>
      {perfil.status === 'loading' && <Loading />}
      {perfil.status === 'error' && (
        <LoadError title={messages.ERROR_TITLE} message={serverMessageOr(perfil.error, cuentaMessages.PROFILE_FAILED)} onRetry={retry} />
      )}
      {perfil.status === 'success' && (
        <form className="account__form" onSubmit={(e) => e.preventDefault()}>
          <div className="account__field">
            <label htmlFor={nameId}>Nombre completo</label>
            <input id={nameId} type="text" value={perfil.data.fullName} readOnly autoComplete="name" />
          </div>
          <div className="account__field">
            <label htmlFor={emailId}>Correo electrónico</label>
            <input id={emailId} type="email" value={perfil.data.email} readOnly autoComplete="email" />
          </div>
        </form>
      )}
    </section>
  );
}
