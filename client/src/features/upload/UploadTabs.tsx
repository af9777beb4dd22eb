import { Paper, Tabs } from '@mantine/core';
import { GenerateUploadForm, type UploadFormProps } from './GenerateUploadForm';
import { HardcodeUploadForm } from './HardcodeUploadForm';
import type { UploadMode } from './saved-upload-form';
import classes from './upload.module.css';

export type { UploadMode } from './saved-upload-form';

/**
 * PRODUCT.md §2, home: two upload modes, 'generate' selected by default (a restored upload opens its own
 * mode).
 */
export function UploadTabs({ restored }: UploadFormProps) {
  const mode: UploadMode = restored?.form.mode ?? 'generate';
  return (
    <Paper withBorder p="md">
      <Tabs defaultValue={mode} keepMounted={false} classNames={{ list: classes.list, tab: classes.tab }}>
        <Tabs.List grow>
          <Tabs.Tab value={'generate' satisfies UploadMode}>Automatic Professional Subtitles</Tabs.Tab>
          <Tabs.Tab value={'hardcode' satisfies UploadMode}>Upload Your Own Subtitles</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={'generate' satisfies UploadMode} pt="md">
          <GenerateUploadForm restored={restored?.form.mode === 'generate' ? restored : null} />
        </Tabs.Panel>
        <Tabs.Panel value={'hardcode' satisfies UploadMode} pt="md">
          <HardcodeUploadForm restored={restored?.form.mode === 'hardcode' ? restored : null} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
