import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Country } from '@multimfa/api-contract';
import { errorMessage } from '../../api/api-error';
import { COUNTRIES_ERROR_MESSAGE, useCountries } from '../../api/queries/countries';

function CountryItem({ country }: { country: Country }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="country-item">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={500} truncate>
          {country.name}
        </Text>
        <Badge variant="light" aria-label={`Dialling code ${country.code}`}>
          {country.code}
        </Badge>
      </Group>
    </Paper>
  );
}

/** "Numbers available in N countries": the countries a number can be bought in, from the server. */
export function CountryList() {
  const countries = useCountries();
  const headingId = 'country-list-heading';

  let body: React.ReactNode;
  if (countries.isPending) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">Loading countries...</Text>
      </Group>
    );
  } else if (countries.isError) {
    body = (
      <Alert color="red" variant="light" title={errorMessage(countries.error, COUNTRIES_ERROR_MESSAGE)}>
        <Button size="xs" variant="light" color="red" onClick={() => void countries.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    body = (
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="sm"
        component="ul"
        data-testid="country-list"
        aria-labelledby={headingId}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {countries.data.map((country) => (
          <CountryItem key={country.multiMFACountryId} country={country} />
        ))}
      </SimpleGrid>
    );
  }

  const count = countries.data?.length;
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        {count === undefined
          ? 'Numbers available in many countries'
          : `Numbers available in ${count} ${count === 1 ? 'country' : 'countries'}`}
      </Title>
      {body}
    </Stack>
  );
}
