import { TextField as SharedTextField, type TextFieldProps } from '@taquilla/shared/ui';

/** Checkout's inputs: the shared labelled field (@taquilla/shared/ui) in checkout's CSS block. */
export function TextField(props: Omit<TextFieldProps, 'block'>) {
  return <SharedTextField block="checkout" {...props} />;
}
