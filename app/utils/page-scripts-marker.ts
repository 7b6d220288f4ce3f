/**
 * An empty `<template>` the root layout puts after the page's content and before its scripts: the CSP hashes only
 * the scripts after the last one (app/server/security-headers.server.ts), so a script a markup bug let into the
 * content gets no hash and is refused.
 */
export const PAGE_SCRIPTS_MARKER_ID = "page-scripts";
