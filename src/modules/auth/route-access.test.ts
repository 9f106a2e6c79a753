import { describe, expect, it } from 'vitest'
import { accessFor, loginUrl, requireRole, roleAllowed, safeFrom } from './route-access.ts'

describe('route access', () => {
  it.each([
    '/my-itineraries',
    '/roam-share',
    '/roam-share/user/ana',
    '/profile',
    '/account-info',
    '/bucket-list',
    '/my-bucket-lists',
    '/create-post',
    '/u/ana',
    '/notifications',
    '/help',
    '/Profile/',
  ])('%s needs a signed-in user', (path) => expect(accessFor(path)).toEqual({ kind: 'signed-in' }))

  it.each([
    '/',
    '/login',
    '/signup',
    '/verify-otp',
    '/forgot-password',
    '/reset-password',
    '/itinerary',
    '/itinerary/shared/abc',
    '/about-us',
    '/privacy-policy',
    '/terms',
    '/user',
    '/helpful',
  ])('%s is open', (path) => expect(accessFor(path)).toEqual({ kind: 'open' }))

  it('lets only admins and super-admins into /admin, whatever the case of the role, and sends visitors home', () => {
    const admin = accessFor('/admin')
    expect(admin).toMatchObject({ kind: 'role', visitorGoesTo: '/', deniedTitle: 'Access Denied - You do not have access to this page.' })
    expect(roleAllowed(admin, 'ADMIN')).toBe(true)
    expect(roleAllowed(admin, 'Super-Admin')).toBe(true)
    expect(roleAllowed(admin, 'user')).toBe(false)
    expect(roleAllowed(admin, undefined)).toBe(false)
  })

  it("gives a role rule the spec's generic denial and sends its visitors to the login page", () => {
    const editors = requireRole(['Editor'])
    expect(editors).toMatchObject({ visitorGoesTo: '/login', deniedTitle: 'Access Denied', deniedText: 'You do not have permission to view this page.' })
    expect(roleAllowed(editors, ' editor ')).toBe(true)
    expect(roleAllowed(editors, 'user')).toBe(false)
    expect(roleAllowed({ kind: 'signed-in' }, 'anything')).toBe(true)
  })

  it('goes back only to paths on this site', () => {
    expect(safeFrom('/my-itineraries?tab=2')).toBe('/my-itineraries?tab=2')
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null]) expect(safeFrom(bad)).toBe('/')
    expect(loginUrl('/profile?x=1')).toBe('/login?from=%2Fprofile%3Fx%3D1')
  })
})
