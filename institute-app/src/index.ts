// A remote is loaded through remoteEntry.js; this entry only lets the remote's own build and dev server start.
export {};
