import { Paper, Tabs } from '@mantine/core';
import { GenerateUploadForm } from './GenerateUploadForm';
import { HardcodeUploadForm } from './HardcodeUploadForm';
import classes from './upload.module.css';

export type UploadMode = 'generate' | 'hardcode';

/** SPEC home: two upload modes, 'generate' selected by default. */
export function UploadTabs() {
  return (
    <Paper withBorder p="md">
      <Tabs
        defaultValue={'generate' satisfies UploadMode}
        keepMounted={false}
        classNames={{ list: classes.list, tab: classes.tab }}
      >
        <Tabs.List grow>
          <Tabs.Tab value={'generate' satisfies UploadMode}>Automatic Professional Subtitles</Tabs.Tab>
          <Tabs.Tab value={'hardcode' satisfies UploadMode}>Upload Your Own Subtitles</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={'generate' satisfies UploadMode} pt="md">
          <GenerateUploadForm />
        </Tabs.Panel>
        <Tabs.Panel value={'hardcode' satisfies UploadMode} pt="md">
          <HardcodeUploadForm />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
