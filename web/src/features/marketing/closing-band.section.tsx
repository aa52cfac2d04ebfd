import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The closing band: "Streamline your MFA experience". */
export function ClosingBandSection() {
  return (
    <Box component="section" aria-labelledby="closing-band" bg="brand.8" c="white" py={48}>
      <Container size="md">
        <Stack align="center" ta="center" gap="md">
          <Title order={2} id="closing-band">
            Streamline your MFA experience
          </Title>
          <Text size="lg">Sign up now and unlock the power of MFA for your team and robots</Text>
          <Button component={Link} to="/signup" variant="white" color="brand.9">
            Sign Up
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
