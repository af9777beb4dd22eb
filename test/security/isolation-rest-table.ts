import { answered, type RestAttempt, type RouteTableContext, refused } from './isolation-answers';

/** How to attack each REST route with the victim's ids, and what it must answer. */
export function restAttempts({
  opened,
  victim,
  ids,
  resumableUpload,
  intruder,
  own,
}: RouteTableContext): Record<string, RestAttempt> {
  return {
    // Prometheus's scrape: the metrics token, never a session, opens it; off (no token set) it is 404.
    'GET /metrics': {
      access: 'public',
      url: '/metrics',
      ...(opened.services.config.METRICS_TOKEN
        ? { anonymous: refused(401), otherCompany: refused(403) }
        : { anonymous: refused(404), otherCompany: refused(404) }),
    },
    'GET /api/health': {
      access: 'public',
      url: '/api/health',
      anonymous: answered(),
      otherCompany: answered(),
    },
    'POST /api/auth/local': {
      access: 'public',
      url: '/api/auth/local',
      body: { identifier: victim.email, password: 'wrong-Pass1!' },
      anonymous: refused(401),
      otherCompany: refused(401),
    },
    'POST /api/auth/local/register': {
      access: 'public',
      url: '/api/auth/local/register',
      body: { username: 'x', email: victim.email, password: 'Secret-pass1!' },
      anonymous: refused(409),
      otherCompany: refused(409),
    },
    'POST /api/auth/forgot-password': {
      access: 'public',
      url: '/api/auth/forgot-password',
      body: { email: victim.email },
      anonymous: answered({ ok: true }),
      otherCompany: answered({ ok: true }),
    },
    'POST /api/auth/reset-password': {
      access: 'public',
      url: '/api/auth/reset-password',
      body: { code: 'guessed-token', password: 'Pwned-pass1!', passwordConfirmation: 'Pwned-pass1!' },
      anonymous: refused(400),
      otherCompany: refused(400),
    },
    'GET /api/users': { access: 'admin', url: '/api/users' },
    'GET /api/users/me': {
      access: 'user',
      url: '/api/users/me',
      otherCompany: answered({ id: intruder.id, company: own }),
    },
    'PUT /api/users/me': {
      access: 'user',
      url: '/api/users/me',
      body: { company: ids.company },
      otherCompany: refused(403),
    },
    'PUT /api/users/:id': { access: 'admin', url: `/api/users/${ids.user}`, body: { company: 0 } },
    'DELETE /api/users/:id': { access: 'admin', url: `/api/users/${ids.user}` },
    'GET /api/companies': { access: 'admin', url: '/api/companies' },
    'POST /api/companies': {
      access: 'public',
      url: '/api/companies',
      body: { data: { name: 'x', address: 'y', credits: 100, admin: [ids.user] } },
      anonymous: refused(403),
      otherCompany: refused(409),
    },
    'GET /api/companies/:id': {
      access: 'user',
      url: `/api/companies/${ids.company}`,
      otherCompany: refused(404),
    },
    'PUT /api/companies/:id': {
      access: 'user',
      url: `/api/companies/${ids.company}`,
      body: { data: { name: 'pwned', credits: 9999 } },
      otherCompany: refused(404),
    },
    'DELETE /api/companies/:id': { access: 'admin', url: `/api/companies/${ids.company}` },
    'GET /api/company/my': {
      access: 'user',
      url: '/api/company/my',
      otherCompany: answered({ data: [{ id: own }] }),
    },
    'GET /api/audit-trails': { access: 'admin', url: '/api/audit-trails' },
    'POST /api/audit-trails': {
      access: 'public',
      url: '/api/audit-trails',
      body: { data: { user: ids.user, action: 'x' } },
      anonymous: answered({ data: { id: 0, attributes: { action: 'x', clientReported: true } } }),
      otherCompany: answered({ data: { id: 0, attributes: { action: 'x', clientReported: true } } }),
    },
    'GET /api/prices': {
      access: 'public',
      url: '/api/prices',
      anonymous: answered(),
      otherCompany: answered(),
    },
    'GET /api/conversions': { access: 'admin', url: '/api/conversions' },
    'GET /api/conversions/:id': { access: 'admin', url: '/api/conversions/1' },
    'PUT /api/conversion/:id': { access: 'admin', url: '/api/conversion/1', body: { data: { rate: 2 } } },
    'POST /api/checkout-session': {
      access: 'user',
      url: '/api/checkout-session',
      body: { data: { quantity: 5, clientReferenceId: ids.company } },
      otherCompany: refused(503),
    },
    'POST /api/stripe/webhook': {
      access: 'public',
      url: '/api/stripe/webhook',
      body: { type: 'checkout.session.completed' },
      anonymous: refused(503),
      otherCompany: refused(503),
    },
    'GET /api/contents': {
      access: 'public',
      url: '/api/contents',
      anonymous: answered(),
      otherCompany: answered(),
    },
    'GET /api/contents/:id': {
      access: 'public',
      url: '/api/contents/1',
      anonymous: answered(),
      otherCompany: answered(),
    },
    'PUT /api/contents/:id': {
      access: 'admin',
      url: '/api/contents/1',
      body: { data: { title: 'x', html: '<p>x</p>' } },
    },
    'GET /api/messages/myCompany': {
      access: 'user',
      url: '/api/messages/myCompany?page=1&pageSize=5&admin=true',
      otherCompany: answered({
        data: [],
        meta: { pagination: { total: 0 }, meta: { pagination: { total: 0 } } },
      }),
    },
    'GET /api/messages/:id': {
      access: 'user',
      url: `/api/messages/${ids.message}`,
      otherCompany: refused(404),
    },
    'POST /api/messages': {
      access: 'admin',
      url: '/api/messages',
      body: { data: { title: 't', message: 'm', company: ids.company } },
    },
    'DELETE /api/messages/:id': { access: 'admin', url: `/api/messages/${ids.message}` },
    'POST /api/upload-log': {
      access: 'user',
      url: '/api/upload-log',
      multipart: true,
      otherCompany: refused(400),
    },
    'POST /api/upload-log/hc': {
      access: 'user',
      url: '/api/upload-log/hc',
      multipart: true,
      otherCompany: refused(400),
    },
    'POST /api/videos/upload': {
      access: 'user',
      url: '/api/videos/upload',
      multipart: true,
      otherCompany: refused(400),
    },
    'POST /api/videos/upload/hc': {
      access: 'user',
      url: '/api/videos/upload/hc',
      multipart: true,
      otherCompany: refused(400),
    },
    // tus answers a creation without its Tus-Resumable header 412; a victim's upload is another company's: 404.
    'POST /api/videos/uploads/tus': {
      access: 'user',
      url: '/api/videos/uploads/tus',
      otherCompany: refused(412),
    },
    'PATCH /api/videos/uploads/tus/:id': {
      access: 'user',
      url: `/api/videos/uploads/tus/${resumableUpload}`,
      body: { offset: 0 },
      otherCompany: refused(404),
    },
    'DELETE /api/videos/uploads/tus/:id': {
      access: 'user',
      url: `/api/videos/uploads/tus/${resumableUpload}`,
      otherCompany: refused(404),
    },
    'POST /api/videos/uploads/srt': {
      access: 'user',
      url: '/api/videos/uploads/srt',
      multipart: true,
      otherCompany: refused(400),
    },
    'POST /api/upload-srt': {
      access: 'user',
      url: '/api/upload-srt',
      multipart: true,
      otherCompany: refused(404),
    },
    'POST /api/videos/upload-subtitles': {
      access: 'user',
      url: '/api/videos/upload-subtitles',
      multipart: true,
      otherCompany: refused(404),
    },
    'GET /api/upload-logs': {
      access: 'user',
      url: `/api/upload-logs?filters[id]=${ids.video}`,
      otherCompany: answered({ data: [], meta: { pagination: { total: 0 } } }),
    },
    'DELETE /api/upload-logs/:id': {
      access: 'user',
      url: `/api/upload-logs/${ids.video}`,
      otherCompany: refused(404),
    },
    // The intruder's own company's ZIP, opened by the scanner: no entry may hold the victim's data.
    'GET /api/company-export': { access: 'user', url: '/api/company-export', otherCompany: answered() },
    'GET /api/upload-logs/count': {
      access: 'user',
      url: '/api/upload-logs/count',
      otherCompany: answered(0),
    },
    'GET /api/upload-logs/my-company-video': {
      access: 'user',
      url: `/api/upload-logs/my-company-video?id=${ids.video}`,
      otherCompany: refused(404),
    },
    'GET /api/upload-logs/my-company-videos-:sort': {
      access: 'user',
      url: '/api/upload-logs/my-company-videos-desc?page=1&pageSize=12',
      otherCompany: answered({ data: [], meta: { pagination: { total: 0 } } }),
    },
    'GET /api/srts': {
      access: 'user',
      url: `/api/srts?filters[video_id]=${ids.video}`,
      otherCompany: refused(404),
    },
    'GET /api/subtitle-file': {
      access: 'user',
      url: `/api/subtitle-file?id=${ids.video}&format=txt`,
      otherCompany: refused(404),
    },
    'GET /api/download-hardcoded-url': {
      access: 'user',
      url: `/api/download-hardcoded-url?id=${ids.video}&video_name=x.mp4`,
      otherCompany: refused(404),
    },
    'GET /api/videos/:id/soft-subtitles': {
      access: 'user',
      url: `/api/videos/${ids.video}/soft-subtitles?format=mkv`,
      otherCompany: refused(404),
    },
    // The languages of a video (issue 40).
    'POST /api/videos/:id/languages': {
      access: 'user',
      url: `/api/videos/${ids.video}/languages`,
      body: { language: 'de' },
      otherCompany: refused(404),
    },
    'GET /api/videos/:id/subtitles.zip': {
      access: 'user',
      url: `/api/videos/${ids.video}/subtitles.zip`,
      otherCompany: refused(404),
    },
    'GET /api/files/:token': {
      access: 'public',
      url: '/api/files/forged.token',
      anonymous: refused(404),
      otherCompany: refused(404),
    },
    'GET /api/showcase/:id/:file.mp4': {
      access: 'public',
      url: '/api/showcase/1/original.mp4',
      anonymous: refused(404),
      otherCompany: refused(404),
    },
    'GET /api/subtitle-fonts/:name': {
      access: 'public',
      url: '/api/subtitle-fonts/NotoSans_500Medium.ttf',
      anonymous: answered(),
      otherCompany: answered(),
    },
    'GET /api/editor-media/:token': {
      access: 'public',
      url: '/api/editor-media/forged.token',
      anonymous: refused(404),
      otherCompany: refused(404),
    },
  };
}
