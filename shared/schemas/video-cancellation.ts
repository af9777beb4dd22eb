/** What My Videos says around "Cancel" on a video still being processed (`videos.cancel`). */
export const VIDEO_CANCEL_TEXTS = {
  action: 'Cancel',
  confirmTitle: 'Cancel video',
  confirm: (name: string) =>
    `Stop making "${name}"? Its work stops now and cannot be resumed; if nothing was delivered yet, the charge comes back to your balance.`,
  confirmButton: 'Stop it',
  keepButton: 'Keep going',
  /** The failure reason the video shows afterwards (the refund sentence follows when there was one). */
  cancelled: 'You cancelled this video.',
  done: (name: string) => `"${name}" was cancelled.`,
  notProcessing: 'This video is not being processed any more, so there is nothing to cancel.',
  failed: 'The video could not be cancelled. Please try again.',
} as const;
