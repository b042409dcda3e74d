import { Navigate, Route, Routes } from 'react-router-dom';
import { SideMenu } from '../components/SideMenu';
import { CardsView } from '../features/cards/components/CardsView';
import { PasswordForm } from '../features/password/components/PasswordForm';
import { ProfileView } from '../features/profile/components/ProfileView';
import { PurchaseDetail } from '../features/purchases/components/PurchaseDetail';
import { PurchasesView } from '../features/purchases/components/PurchasesView';
import './account.css';
import './dialog.css';

/**
 * Exposed as `account/Profile`, mounted by the shell on perfil/* behind its login guard:
 * the side menu and the section the nested route names.
 */
export default function Profile() {
  return (
    <div className="account" data-remote-name={__REMOTE_NAME__} data-remote-version={__REMOTE_VERSION__}>
      <SideMenu />
      <div className="account__content">
        <Routes>
          <Route path="mi_perfil" element={<ProfileView />} />
          <Route path="mi_password" element={<PasswordForm />} />
          <Route path="mis_formas_de_pago" element={<CardsView />} />
          <Route path="mis_compras" element={<PurchasesView />} />
          <Route path="mis_compras/:eventoId" element={<PurchaseDetail />} />
          <Route path="*" element={<Navigate to="/perfil/mi_perfil" replace />} />
        </Routes>
      </div>
    </div>
  );
}
