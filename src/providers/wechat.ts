import type { EndpointRequestContext } from '../oauth-client/normalize-provider.js'
import { conformTokenResponse } from '../oauth-client/conform-token-response.js'
import type { OAuthConfig, OAuthUserConfig } from './provider-types.js'

/** The user WeChat returns from `/sns/userinfo` (the fields Gatehouse reads; others pass through). */
export interface WeChatProfile extends Record<string, unknown> {
  openid: string
  unionid?: string
  nickname: string
  headimgurl: string
}

/** Options of {@link WeChat}: any provider option, plus where the button lives (`OfficialAccount` or `WebsiteApp`). */
export type WeChatOptions = OAuthUserConfig<WeChatProfile> & {
  platformType?: 'OfficialAccount' | 'WebsiteApp'
}

/** What becomes the account id, for the README's provider table. */
export const userId = '`unionid` of `/sns/userinfo`'

/**
 * Sign in with a WeChat account: inside WeChat (`OfficialAccount`, `snsapi_userinfo`) or by QR code on a website
 * (`WebsiteApp`, `snsapi_login`). WeChat names the client `appid` and `secret` and sends them as parameters, and its
 * token response has no `token_type` (conformed); the user endpoint wants the token's `openid`.
 *
 * @see https://developers.weixin.qq.com/doc/oplatform/en/Website_App/WeChat_Login/Wechat_Login.html
 */
export default function WeChat(options: WeChatOptions = {}): OAuthConfig<WeChatProfile> {
  const { platformType = 'OfficialAccount', ...rest } = options
  const official = platformType === 'OfficialAccount'
  const url = 'https://api.weixin.qq.com/sns/userinfo'
  return {
    id: 'wechat',
    name: 'WeChat',
    type: 'oauth',
    checks: ['state'],
    authorization: {
      url: official
        ? 'https://open.weixin.qq.com/connect/oauth2/authorize'
        : 'https://open.weixin.qq.com/connect/qrconnect',
      params: { appid: options.clientId, scope: official ? 'snsapi_userinfo' : 'snsapi_login' },
    },
    token: {
      url: 'https://api.weixin.qq.com/sns/oauth2/access_token',
      params: { appid: options.clientId, secret: options.clientSecret },
      conform: conformTokenResponse,
    },
    userinfo: {
      url,
      request: async ({ tokens, fetch }: EndpointRequestContext) => {
        const target = new URL(url)
        target.searchParams.set('access_token', String(tokens['access_token']))
        target.searchParams.set('openid', String(tokens['openid']))
        target.searchParams.set('lang', 'zh_CN')
        const res = await fetch(target)
        if (!res.ok) throw new Error(`WeChat /sns/userinfo answered ${res.status}`)
        return (await res.json()) as unknown
      },
    },
    profile: (profile) => ({
      id: profile.unionid ?? profile.openid,
      name: profile.nickname,
      email: null,
      image: profile.headimgurl,
    }),
    style: { bg: '#fff', text: '#000' },
    options: rest,
  }
}
