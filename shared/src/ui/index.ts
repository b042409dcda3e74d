export { Dialog, type DialogProps } from './Dialog';
export { EventImage, type EventImageProps } from './EventImage';
export { TextField, type TextFieldProps } from './TextField';
