/*
 * Ids of elements the server writes into a page and the page's entry reads (src/boot.ts): nothing else here,
 * so the entry carries no schema with them.
 */

/** The `<template>` the server puts the app's module preloads in that wait for the first paint (src/boot.ts takes them out). */
export const HELD_BACK_PRELOADS_ID = 'app-preloads';
