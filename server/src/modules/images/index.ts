/** The upload pipeline (sniff, re-encode, strip metadata) and the stored images' addresses. */
export { imagesRoutes } from './images.routes.ts';
export { deleteImage, imageUrl, insertImage, processImage, tooBigMessage, type ProcessedImage } from './images.service.ts';
