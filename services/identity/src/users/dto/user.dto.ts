import type { Provider, User, UserType } from '../user.entity.js';

/** A user as other services see it: never the password hash. */
export interface UserDto {
  userId: string;
  emailAddress: string;
  firstName: string;
  lastName: string;
  fullName: string;
  mobileNo: string;
  userType: UserType;
  provider: Provider;
  isVerified: boolean;
  isActive: boolean;
  hasPassword: boolean;
}

export function toUserDto(user: User): UserDto {
  return {
    userId: user.userId,
    emailAddress: user.emailAddress,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: `${user.firstName} ${user.lastName}`,
    mobileNo: user.mobileNo,
    userType: user.userType,
    provider: user.provider,
    isVerified: user.isVerified,
    isActive: user.isActive,
    hasPassword: user.passwordHash !== null,
  };
}
