import { OverrideBadge } from './OverrideBadge';
import { OverrideConfirmDialog } from './OverrideConfirmDialog';

/** The developer-override UI, one lazy chunk (see DevOverrides). */
export default function OverrideUi() {
  return (
    <>
      <OverrideBadge />
      <OverrideConfirmDialog />
    </>
  );
}
