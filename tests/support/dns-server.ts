// A DNS server on loopback for the custom-domain tests (dns2, a devDependency): answers TXT and
// CNAME records from a table the test changes as it goes; anything else is NXDOMAIN. The app asks
// it through DNS_SERVERS=127.0.0.1:<port> (server/services/domains/dns.ts).
import dns2 from 'dns2';

const { Packet } = dns2;

export type DnsRecords = { txt: Map<string, string[]>; cname: Map<string, string> };

export async function startDnsServer(port = 0): Promise<{ port: number; records: DnsRecords; close: () => Promise<void> }> {
  const records: DnsRecords = { txt: new Map(), cname: new Map() };
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const q = request.questions[0];
      const name = (q?.name ?? '').toLowerCase().replace(/\.$/, '');
      const txt = q?.type === Packet.TYPE.TXT ? records.txt.get(name) : undefined;
      const cname = q && (q.type === Packet.TYPE.CNAME || q.type === Packet.TYPE.A) ? records.cname.get(name) : undefined;
      if (txt) for (const data of txt) response.answers.push({ name: q!.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data } as never);
      else if (cname) response.answers.push({ name: q!.name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 1, domain: cname } as never);
      else response.header.rcode = 3; // NXDOMAIN
      send(response);
    },
  });
  await server.listen({ udp: { port, address: '127.0.0.1' } });
  const bound = (server.addresses().udp as { port: number }).port;
  return { port: bound, records, close: () => server.close() };
}
