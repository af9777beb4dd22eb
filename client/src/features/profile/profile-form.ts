import type { ProfileUpdate } from '../../../../shared/schemas/auth';

export interface ProfileForm {
  username: string;
  password: string;
  passwordRetype: string;
}

/** PRODUCT.md §5: only changed fields (username, password) are sent. */
export function profileChanges(form: ProfileForm, currentUsername: string): ProfileUpdate {
  const update: ProfileUpdate = {};
  const username = form.username.trim();
  if (username !== '' && username !== currentUsername) update.username = username;
  if (form.password !== '') update.password = form.password;
  return update;
}
