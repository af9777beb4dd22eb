/** Who wrote a comment: a user of the company, a name given through a review link, or a former member. */
export function commentAuthor(comment: { author: string | null; guestName: string | null }): string {
  if (comment.author) return comment.author;
  return comment.guestName ? `${comment.guestName} (review link)` : 'a former member';
}
