import { useParams } from 'react-router-dom';
import { UnderConstruction } from '../features/under-construction/components/under-construction';

/** perfil/* sections (the shell guards the route; this remote renders the nested ones). */
const SECTIONS: Record<string, string> = {
  mi_perfil: 'Mi perfil',
  mis_formas_de_pago: 'Mis formas de pago',
  mis_compras: 'Mis compras',
  mi_password: 'Cambiar contraseña',
};

export default function Profile() {
  const section = useParams()['*']?.split('/')[0] ?? '';
  return (
    <UnderConstruction
      title={SECTIONS[section] ?? 'Mi cuenta'}
      description="Tu perfil, tus compras con boletos QR y tus tarjetas guardadas estarán disponibles pronto."
    />
  );
}
