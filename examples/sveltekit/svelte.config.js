import adapter from '@sveltejs/adapter-node'

/** @type {import('@sveltejs/kit').Config} */
export default {
  kit: {
    adapter: adapter({ out: 'build' }),
    // The example builds from this repository's sources; an app that installs gatehouse-auth needs none of this.
    alias: {
      'gatehouse-auth/sveltekit/client': '../../src/integrations/sveltekit/client.ts',
      'gatehouse-auth/sveltekit': '../../src/integrations/sveltekit/index.ts',
      'gatehouse-auth/providers/*': '../../src/providers/*',
    },
  },
}
