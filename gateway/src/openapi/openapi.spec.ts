import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from '@jest/globals';
import { endpoints } from '@multimfa/api-contract';
import { servedEndpoints } from '../access/serves.decorator.js';
import '../controllers.list.js';
import { OPENAPI_FILE, renderOpenApi } from './write-openapi.cli.js';

describe('OpenAPI document', () => {
  it('matches the checked-in gateway/openapi.json (run `npm run openapi` after changing the contract)', () => {
    assert.equal(readFileSync(OPENAPI_FILE, 'utf8'), renderOpenApi());
  });

  it('is OpenAPI 3.1 and documents every endpoint of the contract', () => {
    const document = JSON.parse(renderOpenApi());
    assert.equal(document.openapi, '3.1.0');
    for (const endpoint of endpoints) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      assert.equal(document.paths[path]?.[endpoint.method.toLowerCase()]?.operationId, endpoint.operationId);
    }
    assert.ok(document.components.schemas.ErrorResponse);
  });

  it('has a gateway route for every documented endpoint, and no route outside the contract', () => {
    assert.deepEqual(
      [...servedEndpoints()].map((e) => e.operationId).sort(),
      endpoints.map((e) => e.operationId).sort(),
    );
  });
});
