/*
 * Timings and limits of spec section 9 that statecharts and element components use. Machines name
 * their delays after these (setup({ delays })), so a diagram shows where each number comes from.
 */

/** Carousel autoplay: time a slide stays before the next one. */
export const CAROUSEL_INTERVAL_MS = 4000;
/** Carousel slide transition. */
export const CAROUSEL_TRANSITION_MS = 500;
/** Image gallery slide transition (slower than the generic carousel). */
export const GALLERY_TRANSITION_MS = 750;
/** Pause before autoplay wraps from the last slide back to the first. */
export const CAROUSEL_LOOP_PAUSE_MS = 200;

/** "Copied to clipboard" notice. */
export const COPY_NOTICE_MS = 2000;

/** Lazy loading: share of an element that must be visible; the fallback box before an image's size is known. */
export const LAZY_LOAD_THRESHOLD = 0.25;
export const LAZY_LOAD_FALLBACK_WIDTH = 300;
export const LAZY_LOAD_FALLBACK_RATIO = 4 / 3;

/** Hotspot popup size limits (px). */
export const HOTSPOT_POPUP_MAX_HEIGHT = 400;
export const HOTSPOT_POPUP_WIDTH = 480;

/** Code viewer: font size (px) and lines visible before it scrolls. */
export const CODE_FONT_SIZE = 14;
export const CODE_MAX_LINES = 20;

/** Embedded frames default to 4:3. */
export const EMBED_DEFAULT_RATIO = 4 / 3;
