export { Dialog, type DialogProps } from './Dialog';
export { EventBanner, EventImage, type EventImageProps, EventPoster } from './EventImage';
export { TextField, type TextFieldProps } from './TextField';
