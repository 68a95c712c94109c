// The app's colour mode before the admin picks one: main's window state and the renderer's store
// both fall back to it.

export const DEFAULT_COLOR_MODE = 'dark';
