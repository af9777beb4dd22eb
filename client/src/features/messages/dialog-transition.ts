/** PRODUCT.md §9: dialogs animate 150 ms opening and 75 ms closing. */
export const DIALOG_TRANSITION = { duration: 150, exitDuration: 75 } as const;
