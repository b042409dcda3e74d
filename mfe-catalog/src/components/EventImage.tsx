import { useState, type ImgHTMLAttributes } from 'react';
import { DEFAULT_EVENT_IMAGE } from './default-event-image';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> & {
  src: string | null | undefined;
  alt: string;
};

/** An event picture that falls back to the default image when missing or broken (spec §8). */
export function EventImage({ src, alt, ...rest }: Props) {
  // Remember *which* URL failed, so a new src gets its own chance without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const useDefault = !src || failedSrc === src;
  return (
    <img
      {...rest}
      src={useDefault ? DEFAULT_EVENT_IMAGE : src}
      alt={alt}
      data-default-image={useDefault ? 'true' : undefined}
      onError={() => {
        if (src && !useDefault) setFailedSrc(src);
      }}
    />
  );
}
