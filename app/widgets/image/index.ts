/** The image widgets: the viewer overlay and the image component (spec 2 §2 'Image viewer'). */
export { ImageViewer, type ImageViewerProps, type ViewerImage } from './ImageViewer';
export { ViewableImage, type ViewableImageProps } from './ViewableImage';
export { ViewableHtml, type ViewableHtmlProps } from './ViewableHtml';
export { initialViewer, keyAction, viewerReducer, type ViewerState, type ViewerAction } from './viewerState';
