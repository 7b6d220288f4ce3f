/** The `<template>` that parks Remix's scripts until the first paint (./hydration-scripts.tsx). */
export const HYDRATION_TEMPLATE_ID = "hydration-scripts";

/**
 * An empty `<template>` the root layout puts after the page's content and before its own scripts
 * (ScrollRestoration, then the hydration template): the CSP hashes only the scripts after the last one
 * (app/server/security-headers.server.ts).
 */
export const PAGE_SCRIPTS_MARKER_ID = "page-scripts";
