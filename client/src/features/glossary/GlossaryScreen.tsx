import { Screen } from '../../ui/Screen';
import { GlossaryEditor } from './GlossaryEditor';

/** /glossary: the company's glossary, kept by any of its users. */
export function GlossaryScreen() {
  return (
    <Screen title="Glossary" width="md">
      <GlossaryEditor />
    </Screen>
  );
}
