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

/** Lazy loading: the box an image takes before its size is known (300 px wide at 4:3). */
export const LAZY_LOAD_FALLBACK_WIDTH = 300;
export const LAZY_LOAD_FALLBACK_RATIO = 4 / 3;

/** Hotspot popup size limits (px). */
export const HOTSPOT_POPUP_MAX_HEIGHT = 400;
export const HOTSPOT_POPUP_WIDTH = 480;

/** Code viewer: font size (px) and lines visible before it scrolls. */
export const CODE_FONT_SIZE = 14;
export const CODE_MAX_LINES = 20;

/** Tooltips: how long a pointer rests on a control before its tooltip opens, and its distance from the viewport's edge before it flips (px). */
export const TOOLTIP_OPEN_DELAY_MS = 500;
export const TOOLTIP_THRESHOLD_PX = 20;

/** The print frame (src/viewer/printFrame.ts) is removed this long after printing. */
export const PRINT_FRAME_REMOVAL_MS = 100;

/* Interactive elements (questions, path). */

/** Free-text answer: the text area starts at 3 rows and grows to 10. */
export const FREE_TEXT_MIN_ROWS = 3;
export const FREE_TEXT_MAX_ROWS = 10;
/** Progress ring: stroke width (px) and the duration of its fill transition. */
export const PROGRESS_RING_STROKE = 6;
export const PROGRESS_RING_TRANSITION_MS = 500;
/** Drag and drop (assignment items, polygon marks): a press becomes a drag after this move (px) … */
export const DRAG_THRESHOLD_PX = 5;
/** … and, for touch and assignment items, after this hold time. */
export const DRAG_START_DELAY_MS = 150;
/** Auto-scroll while dragging near the viewport edge: interval, edge width (px), step (px). */
export const DRAG_AUTOSCROLL_INTERVAL_MS = 60;
export const DRAG_AUTOSCROLL_EDGE_PX = 50;
export const DRAG_AUTOSCROLL_SPEED_PX = 12;

/* Scroll progress of pages evaluated by scrolling. */

/** Scroll progress is reported once scrolling has been idle this long. */
export const SCROLL_PROGRESS_IDLE_MS = 500;
/** Within this share of the viewport height from the bottom, a page counts as read to the end. */
export const SCROLL_PROGRESS_BOTTOM_SHARE = 0.15;

/** How long the "Connection restored" notice shows (spec section 9). */
export const CONNECTION_RESTORED_NOTICE_MS = 5000;

/* Tracking, guest session and session (spec sections 4, 7 and 9). */

/** Changes are batched: a send starts once no change came for this long. */
export const TRACKING_DEBOUNCE_MS = 200;
/** Retry after a failed send: this long after the first failure, doubling per further failure … */
export const TRACKING_RETRY_BASE_MS = 1000;
/** … up to this. */
export const TRACKING_RETRY_MAX_MS = 30_000;
/**
 * A server that answers 429 or 503 with Retry-After is waited for at least that long (the backoff still applies
 * when it is longer), but never longer than this: a wrong or hostile header cannot park a learner's changes for hours.
 */
export const TRACKING_RETRY_AFTER_MAX_MS = 5 * 60_000;
/** A private share checks the login session this often while the tab is visible. */
export const SESSION_POLL_MS = 60_000;
/** A material page asks which publication is current this often while the tab is visible (issue 24). */
export const PUBLICATION_POLL_MS = 60_000;

/* Search (spec section 9): material search, collection search and full-text search. */

/** Typing in a search field sends the request once no keystroke came for this long. */
export const SEARCH_DEBOUNCE_MS = 150;
/** Results per page of all three searches. */
export const SEARCH_PAGE_SIZE = 20;
/** The material search sorts newest first unless the visitor picks another sort. */
export const MATERIAL_SEARCH_DEFAULT_SORT = 'created_at:desc';
/** The collection search keeps the collection's own order unless the visitor picks another sort. */
export const COLLECTION_SEARCH_DEFAULT_SORT = 'order:asc';

/* Annotations and the rich-text toolbar (spec section 9). */

/** Width of the Annotations sidebar panel (px). */
export const ANNOTATION_PANEL_WIDTH_PX = 580;
/** The annotation list shows the newest first unless the visitor picks oldest first. */
export const ANNOTATION_DEFAULT_SORT = 'desc' as const;
/** Entries the editor's undo history keeps. */
export const UNDO_HISTORY_LIMIT = 100;
/** Width of the link editor's URL input (px). */
export const LINK_INPUT_WIDTH_PX = 300;
