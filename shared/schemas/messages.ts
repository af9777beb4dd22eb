import { z } from 'zod';
import { numeric } from './numbers';

export const MESSAGE_TEXTS = {
  titleRequired: 'Title is required.',
  messageRequired: 'Message is required.',
  companyRequired: 'Company is required.',
  noMessages: 'No messages found.',
  confirmDelete: 'Are you sure you want to delete this message?',
} as const;

export const messageInput = z.object({
  title: z.string().trim().min(1, MESSAGE_TEXTS.titleRequired).max(200),
  message: z.string().trim().min(1, MESSAGE_TEXTS.messageRequired).max(10_000),
  company: numeric(
    z.number({ error: MESSAGE_TEXTS.companyRequired }).int().positive(MESSAGE_TEXTS.companyRequired),
  ),
});
export type MessageInput = z.infer<typeof messageInput>;
