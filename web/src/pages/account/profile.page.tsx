import { Text } from '@mantine/core';
import { FormPage } from '../../components/form-page.component';
import { ProfileForm } from '../../features/account/profile-form.component';
import { useSession } from '../../session/session-store';

/** /profile: the signed-in user's names and mobile number. */
export function ProfilePage() {
  const { emailAddress } = useSession();
  return (
    <FormPage
      title="Profile"
      description={
        <>
          Signed in as{' '}
          <Text span inherit fw={600}>
            {emailAddress}
          </Text>
        </>
      }
    >
      <ProfileForm />
    </FormPage>
  );
}
