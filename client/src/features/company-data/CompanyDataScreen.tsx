import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { Screen } from '../../ui/Screen';
import { useMe } from '../profile/use-me';
import { RetentionCard } from './RetentionCard';

/** The address of the company's ZIP (server/domains/company-export): the browser saves it as it streams. */
export const COMPANY_EXPORT_URL = '/api/company-export';

/** /user/company-data: the company's export and how long its videos are kept. */
export function CompanyDataScreen() {
  const me = useMe();
  const companyId = me.data?.companyId ?? null;
  return (
    <Screen title="Company data" width="md">
      {me.isPending && <Loader aria-label="Loading your company" />}
      {me.data && companyId === null && (
        <Alert color="yellow" variant="light" role="status">
          You are not in a company yet: there is no company data to show.
        </Alert>
      )}
      {companyId !== null && (
        <>
          <Paper withBorder p="md">
            <Stack gap="sm" align="flex-start">
              <Title order={2} size="h3">
                Export everything
              </Title>
              <Text>
                One ZIP file with every video's subtitles (each version, as SRT), and the list of your videos,
                your credit ledger and the comments on your subtitles as CSV files a spreadsheet opens.
              </Text>
              <Button
                component="a"
                href={COMPANY_EXPORT_URL}
                download
                leftSection={<IconFileZip size={18} aria-hidden />}
              >
                Download ZIP
              </Button>
            </Stack>
          </Paper>
          <RetentionCard companyId={companyId} />
        </>
      )}
    </Screen>
  );
}
