import { index, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('products/:slug', 'routes/product.tsx'),
  route('collections/:slug', 'routes/collection.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('account', 'routes/account.tsx'),
  route('account/login', 'routes/account-login.tsx'),
  route('account/login/hosted', 'routes/account-login-hosted.ts'),
  route('account/login/silent', 'routes/account-login-silent.tsx'),
  route('callback', 'routes/callback.tsx'),
  route('account/register', 'routes/account-register.tsx'),
  route('account/logout', 'routes/account-logout.tsx'),
  route('account/forgot-password', 'routes/account-forgot-password.tsx'),
  route('thank-you', 'routes/thank-you.tsx'),
  route('help/:topic', 'routes/help.tsx'),
  route('search/suggestions', 'routes/suggest.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
