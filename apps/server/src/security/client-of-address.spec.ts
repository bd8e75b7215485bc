import { clientOfAddress } from './client-of-address';

describe('clientOfAddress', () => {
  it('counts an IPv4 address as itself, also when it arrives IPv4-mapped', () => {
    expect(
      ['127.0.0.2', '::ffff:127.0.0.2', '::FFFF:10.1.2.3'].map((address) =>
        clientOfAddress(address),
      ),
    ).toEqual(['127.0.0.2', '127.0.0.2', '10.1.2.3']);
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(
      [
        '2001:db8:0:1::5',
        '2001:0db8:0000:0001:ffff:0:0:9',
        '2001:db8:0:2::5',
        '::1',
        'fe80::1%eth0',
      ].map((address) => clientOfAddress(address)),
    ).toEqual([
      '2001:db8:0:1::/64',
      '2001:db8:0:1::/64',
      '2001:db8:0:2::/64',
      '0:0:0:0::/64',
      'fe80:0:0:0::/64',
    ]);
  });

  it('counts a socket without an address as one client', () => {
    expect([clientOfAddress(undefined), clientOfAddress('')]).toEqual(['unknown', 'unknown']);
  });
});
