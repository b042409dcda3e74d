import type { ImgHTMLAttributes } from 'react';
import { useEventImageFallback } from '../default-event-image';
import { type EventPictures, eventBanner } from '../landing';

export type EventImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> & {
  src: string | null | undefined;
  alt: string;
};

/** An event picture that falls back to the default image when missing or broken (spec §8). */
export function EventImage({ src, alt, ...rest }: EventImageProps) {
  const image = useEventImageFallback(src);
  return <img {...rest} src={image.src} alt={alt} data-default-image={image.isDefault ? 'true' : undefined} onError={image.onError} />;
}

/** The picture of an event's card in a list (the catalogue's, the buyer's purchases): its poster, else its banner. */
export function EventPoster({
  evento,
  className,
}: {
  evento: { nombre: string; imagenPromocion: string | null; imagenBanner: string | null };
  className: string;
}) {
  return (
    <EventImage
      className={className}
      src={evento.imagenPromocion ?? evento.imagenBanner}
      alt={`Cartel de ${evento.nombre}`}
      loading="lazy"
      width={400}
      height={225}
    />
  );
}

/** An event's wide banner (the hero, the event's page) at 1200×500: its banner, else its poster (`eventBanner`, the rule the server preloads by). */
export function EventBanner({ evento, ...rest }: Omit<EventImageProps, 'src' | 'alt' | 'width' | 'height'> & { evento: EventPictures & { nombre: string } }) {
  return <EventImage {...rest} src={eventBanner(evento)} alt={`Banner de ${evento.nombre}`} width={1200} height={500} />;
}
