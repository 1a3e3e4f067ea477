/** The upload pipeline (form reading, sniff, re-encode, strip metadata) and the stored images' addresses. */
export { imagesRoutes } from './images.routes.ts';
export { deleteImage, imageUrl, insertImage, loadSharp, processImage, type ProcessedImage } from './images.service.ts';
export { readUploadForm, type UploadForm } from './upload-form.ts';
