import { Badge, Button, Group, Text } from '@mantine/core';
import { memo } from 'react';
import type { RuleId } from '../../../../shared/subtitles/editor';

const RULE_LABELS: Record<RuleId, string> = {
  cps: 'Reading speed',
  lineLength: 'Line length',
  lineCount: 'Lines',
  minDuration: 'Too short',
  maxDuration: 'Too long',
  overlap: 'Overlap',
  gap: 'Gap',
  shotChange: 'Shot change',
};

export interface ProblemSummaryProps {
  /** How many cues break each rule. */
  summary: Record<RuleId, number>;
  onNextProblem: () => void;
}

/** How many rule problems there are, by rule, announced to screen readers as they change. */
export const ProblemSummary = memo(function ProblemSummary({ summary, onNextProblem }: ProblemSummaryProps) {
  const rules = (Object.keys(summary) as RuleId[]).filter((rule) => summary[rule] > 0);
  const count = rules.reduce((sum, rule) => sum + summary[rule], 0);
  return (
    <Group gap={6} wrap="wrap">
      <Text size="xs" aria-live="polite" role="status">
        {count === 0 ? 'No rule problems' : `${count} rule problem${count === 1 ? '' : 's'}`}
      </Text>
      {rules.map((rule) => (
        <Badge key={rule} size="xs" color="orange" variant="light">
          {RULE_LABELS[rule]}: {summary[rule]}
        </Badge>
      ))}
      {count > 0 && (
        <Button size="compact-xs" variant="subtle" onClick={onNextProblem}>
          Next problem
        </Button>
      )}
    </Group>
  );
});
