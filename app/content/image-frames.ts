/**
 * The frames the page templates draw images in. Every <img> carries these width/height
 * attributes (so nothing shifts while loading) and CSS fits any uploaded image into the frame
 * with object-fit, so an image of another size is cropped, never distorted.
 */
export const IMAGE_FRAMES = {
  content: { width: 800, height: 450 },
  portrait: { width: 240, height: 300 },
  banner: { width: 1200, height: 400 },
  bannerResponsive: { width: 600, height: 400 },
} as const;

export type ImageFrame = keyof typeof IMAGE_FRAMES;
