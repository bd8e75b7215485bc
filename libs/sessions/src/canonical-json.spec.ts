import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every level, keeps array order and drops undefined members', () => {
    expect(canonicalJson({ b: [{ d: 1, c: null }, 'x'], a: undefined, é: true })).toEqual(
      '{"b":[{"c":null,"d":1},"x"],"é":true}',
    );
  });
});
