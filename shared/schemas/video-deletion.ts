/** The texts of a customer's deletion of a video (My Videos, `videos.delete`). */
export const VIDEO_DELETION_TEXTS = {
  confirmTitle: 'Delete video',
  confirm: (name: string) =>
    `Delete "${name}"? Its video files and subtitles are removed at once and cannot be restored; download links already shared stop working. The charge stays in your ledger.`,
  deleted: (name: string) => `"${name}" was deleted.`,
  stillProcessing:
    'This video is still being processed. Cancel it first, or delete it once it has finished or failed.',
  failed: 'The video could not be deleted. Please try again.',
} as const;
