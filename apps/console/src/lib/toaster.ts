/** The id of the main layout's notification stack; features raise toasts with `useToastController(TOASTER_ID)`. */
export const TOASTER_ID = 'farola-notifications';
