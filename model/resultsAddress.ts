/**
 * The address of a share's results screen below the share, `/s/{share}/_results/` (docs/results.md). No
 * publicId (./common.ts) has a `_`, so it never names a chapter or a collection's material.
 */
export const RESULTS_SEGMENT = '_results';
