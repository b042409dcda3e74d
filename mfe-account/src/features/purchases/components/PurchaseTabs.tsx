import { useRef, type KeyboardEvent } from 'react';
import type { PurchasesTab } from '../lib/view-params';

interface Props {
  tab: PurchasesTab;
  proximos: number | null;
  panelId: string;
  onChange: (tab: PurchasesTab) => void;
}

const TABS: { id: PurchasesTab; label: string }[] = [
  { id: 'proximos', label: 'Próximos Eventos' },
  { id: 'pasados', label: 'Eventos Pasados' },
];

/** WAI-ARIA tabs: one tab stop, arrows (and Home/End) move and select. */
export function PurchaseTabs({ tab, proximos, panelId, onChange }: Props) {
  const refs = useRef<Record<PurchasesTab, HTMLButtonElement | null>>({ proximos: null, pasados: null });
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = TABS[(target + TABS.length) % TABS.length]!.id;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="purchase-tabs" role="tablist" aria-label="Mis compras" onKeyDown={onKeyDown}>
      {TABS.map((t) => (
        <button
          key={t.id}
          ref={(el) => {
            refs.current[t.id] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${t.id}`}
          aria-selected={tab === t.id}
          aria-controls={panelId}
          tabIndex={tab === t.id ? 0 : -1}
          className="purchase-tabs__tab"
          onClick={() => onChange(t.id)}
        >
          {t.id === 'proximos' && proximos !== null ? `${t.label} (${proximos})` : t.label}
        </button>
      ))}
    </div>
  );
}
