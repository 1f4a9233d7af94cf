/*
 * Imported first by the entry, so that it runs before the rest of the entry's modules: a share
 * link's codec starts loading while React and the app's modules are still being evaluated,
 * rather than after them. urlSync's `initialiseFromLocation` awaits the same import.
 */
if (window.location.hash.length > 1) void import('./links').catch(() => {});
