import { ComingSoon } from '../../ui/ComingSoon';
import { Screen } from '../../ui/Screen';

/** Name, email, passwords, company choice and terms (later issue). */
export function SignupScreen() {
  return (
    <Screen title="Sign Up">
      <ComingSoon what="Signing up" />
    </Screen>
  );
}
