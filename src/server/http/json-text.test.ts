import { describe, expect, it } from 'vitest'
import { ApiError } from './errors'
import { maxJsonDepth, parseJsonText } from './json-text'

function refusal(text: string, prefix?: string): ApiError {
  try {
    parseJsonText(text, 'Request body', prefix)
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('accepted')
}

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)

describe('parseJsonText', () => {
  it(`takes arrays and objects nested ${maxJsonDepth} levels deep`, () => {
    expect(parseJsonText(arrays(maxJsonDepth))).toBeInstanceOf(Array)
    expect(parseJsonText(objects(maxJsonDepth))).toBeInstanceOf(Object)
  })

  it('refuses one level more, and 100,000 more, naming where the too-deep level starts', () => {
    for (const depth of [maxJsonDepth + 1, 100_000]) {
      const deepArrays = refusal(arrays(depth))
      expect(deepArrays).toMatchObject({ status: 400, code: 'invalid_request' })
      expect(deepArrays.details).toEqual({
        field: '[0]'.repeat(maxJsonDepth),
        maxDepth: maxJsonDepth,
      })
      expect(refusal(objects(depth)).details?.field).toBe(Array(maxJsonDepth).fill('a').join('.'))
    }
    expect(refusal(`{"x":[${arrays(maxJsonDepth)}]}`, 'mapping').details?.field).toBe(
      `mapping.x${'[0]'.repeat(maxJsonDepth - 1)}`,
    )
  })

  it('refuses lone surrogates in values and keys, and keeps surrogate pairs', () => {
    expect(refusal('{"fullName":"a\\ud800b"}').details).toEqual({ field: 'fullName' })
    expect(refusal('{"tags":["ok","\\udc00"]}').details).toEqual({ field: 'tags[1]' })
    expect(refusal('{"\\ud800":1}').code).toBe('invalid_request')
    expect(parseJsonText('{"name":"\\ud83d\\ude00"}')).toEqual({ name: '😀' })
  })

  it('refuses text that is not JSON as malformed_json', () => {
    expect(refusal('{"a":').code).toBe('malformed_json')
    expect(refusal('{', 'mapping')).toMatchObject({
      code: 'malformed_json',
      details: { field: 'mapping' },
    })
  })
})
