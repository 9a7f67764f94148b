/**
 * A hand-written subset of the official SARIF 2.1.0 JSON Schema (sarif-schema-2.1.0.json, OASIS
 * SARIF TC), which is not in node_modules and cannot be fetched here. It keeps the spec's required
 * properties and the constraints a code-scanning upload rejects on: version "2.1.0", runs[] with
 * tool.driver.name, results[] with message.text, ruleId, level ∈ none|note|warning|error, and
 * locations[].physicalLocation.artifactLocation.uri with region.startLine ≥ 1.
 */
export const sarifSubsetSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['version', 'runs'],
  properties: {
    $schema: { type: 'string', format: 'uri' },
    version: { const: '2.1.0' },
    runs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['tool'],
        properties: {
          tool: {
            type: 'object',
            required: ['driver'],
            properties: {
              driver: {
                type: 'object',
                required: ['name'],
                properties: {
                  name: { type: 'string' },
                  version: { type: 'string' },
                  rules: {
                    type: 'array',
                    uniqueItems: true,
                    items: {
                      type: 'object',
                      required: ['id'],
                      properties: {
                        id: { type: 'string' },
                        shortDescription: {
                          type: 'object',
                          required: ['text'],
                          properties: { text: { type: 'string' } },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          results: {
            type: 'array',
            items: {
              type: 'object',
              required: ['message'],
              properties: {
                ruleId: { type: 'string' },
                ruleIndex: { type: 'integer', minimum: -1 },
                level: { enum: ['none', 'note', 'warning', 'error'] },
                message: {
                  type: 'object',
                  anyOf: [{ required: ['text'] }, { required: ['id'] }],
                  properties: { text: { type: 'string' }, id: { type: 'string' } },
                },
                locations: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      physicalLocation: {
                        type: 'object',
                        anyOf: [{ required: ['address'] }, { required: ['artifactLocation'] }],
                        properties: {
                          artifactLocation: {
                            type: 'object',
                            properties: {
                              uri: { type: 'string', format: 'uri-reference' },
                              uriBaseId: { type: 'string' },
                            },
                          },
                          region: {
                            type: 'object',
                            properties: {
                              startLine: { type: 'integer', minimum: 1 },
                              startColumn: { type: 'integer', minimum: 1 },
                              endLine: { type: 'integer', minimum: 1 },
                              endColumn: { type: 'integer', minimum: 1 },
                            },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;
