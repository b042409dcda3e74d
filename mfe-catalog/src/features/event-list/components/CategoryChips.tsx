import type { Categoria } from '@taquilla/shared/schemas/catalogo';

interface Props {
  categorias: readonly Categoria[];
  selected: readonly string[];
  onToggle: (id: string) => void;
  onAll: () => void;
}

/** 'Todos' is pressed when no category is; each category chip toggles on and off. */
export function CategoryChips({ categorias, selected, onToggle, onAll }: Props) {
  return (
    <div className="chips" role="group" aria-label="Filtrar por categoría">
      <button type="button" className="chip" aria-pressed={selected.length === 0} onClick={onAll}>
        Todos
      </button>
      {categorias.map((categoria) => {
        const id = String(categoria.id);
        return (
          <button key={id} type="button" className="chip" aria-pressed={selected.includes(id)} onClick={() => onToggle(id)}>
            {categoria.nombre}
          </button>
        );
      })}
    </div>
  );
}
