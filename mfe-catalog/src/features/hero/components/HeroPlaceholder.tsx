/**
 * The hero's box while the events load, the size of a real slide (hero.css), so the heading,
 * filters and grid do not jump down when the hero arrives (CLS on a phone).
 */
export function HeroPlaceholder() {
  return (
    <div className="hero hero--placeholder" aria-hidden="true">
      <div className="hero__slide">
        <div className="hero__image" />
        <div className="hero__caption" />
      </div>
      <div className="hero__controls" />
    </div>
  );
}
